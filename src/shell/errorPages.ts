/** react-admin's full-page error and authentication error pages, loaded only when one shows. */
export { AuthenticationError, Error } from 'react-admin';
