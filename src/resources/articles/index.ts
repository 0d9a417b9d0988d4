export { articles } from './declaration';
export { articlesMeta } from './meta';
