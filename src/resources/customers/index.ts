export { customers } from './declaration';
export { InactiveCustomers } from './InactiveCustomers';
