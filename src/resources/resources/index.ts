export { resources } from './declaration';
export { ColorInput, ColorDot } from '../../common/inputs/ColorInput';
export { RESOURCE_COLORS, DEFAULT_RESOURCE_PRIORITY, resourceToBody } from './ResourceForm';
