export { administrators } from './declaration';
export { AdministratorList } from './AdministratorList';
