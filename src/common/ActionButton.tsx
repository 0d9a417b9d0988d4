import { Button, useTranslate, type ButtonProps } from 'react-admin';

/**
 * react-admin's Button, named for screen readers in every state. At phone width it draws an icon
 * button, and a disabled one there gets no aria-label (ra-ui-materialui's Button), which axe reports
 * as a button without a name; this one always carries its translated label.
 * @example <ActionButton label="custom.bookings.export.csv" disabled={!total} onClick={run}><DescriptionIcon /></ActionButton>
 */
export function ActionButton(props: ButtonProps) {
  const translate = useTranslate();
  const name = typeof props.label === 'string' ? translate(props.label, { _: props.label }) : undefined;
  return <Button aria-label={name} {...props} />;
}
