export { customFields } from './declaration';
