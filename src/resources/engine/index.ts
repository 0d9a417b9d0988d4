export { renderResources, resourceApis, menuEntries } from './renderResources';
export { withViews, isLazy, screensOf } from './define';
export type {
  ResourceDeclaration,
  ResourceMeta,
  ResourceViews,
  ResourceScreens,
  LazyResource,
  ResourceEntry,
  MenuEntry,
  MenuGroup,
  FieldSpec,
  ListSpec,
  FormSpec,
  ColumnSpec,
  FilterSpec,
  Choice,
  WireRecord,
} from './types';
export { useApi, useDeclaration, useDefinitions } from './api';
export { EngineList, EngineEmpty, createPathOf } from './EngineList';
export { EngineCreate, EngineEdit, EngineDeleteButton, FormSections, toBody } from './EngineForm';
export { ImageInput } from './inputs/ImageInput';
