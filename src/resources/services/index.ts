export { services } from './declaration';
export { CopyServiceButton } from './CopyServiceButton';
export { DurationInput, FlexibleDurationPreview } from './DurationInput';
export { GroupInput, useServiceGroups } from './GroupInput';
