// react-admin's error page as a module of its own, so that ErrorPage can load it on demand.
export { Error as default } from 'react-admin';
