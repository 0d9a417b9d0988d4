import { createElement, lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Loading } from 'react-admin';
import type { CustomPage } from '../../common/registry';

const CreateResourcesWizard = lazy(() => import('./CreateResourcesWizard'));
const TimeExceptionsReport = lazy(() => import('./TimeExceptionsReport'));

const page = (component: ComponentType): ReactElement => createElement(Suspense, { fallback: createElement(Loading) }, createElement(component));

/** The hand-built scheduling pages: the create-resources wizard and the time exceptions report. */
export const schedulingPages: CustomPage[] = [
  { path: '/create-resources-wizard/new', element: page(CreateResourcesWizard) },
  { path: '/create-resources-wizard/:id', element: page(CreateResourcesWizard) },
  { path: '/time-exceptions-report', element: page(TimeExceptionsReport) },
];
