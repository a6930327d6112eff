// The pages behind ./lazy-pages, in a chunk of their own.
export { AuthenticationError, Error, NotFound } from 'react-admin';
