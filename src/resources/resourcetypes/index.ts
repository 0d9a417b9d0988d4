export { resourceTypes } from './declaration';
