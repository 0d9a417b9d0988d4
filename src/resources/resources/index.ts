export { resources } from './declaration';
export { ColorInput, ColorDot } from './ColorInput';
export { RESOURCE_COLORS, DEFAULT_RESOURCE_PRIORITY, resourceToBody } from './ResourceForm';
