export { timeExceptions } from './declaration';
