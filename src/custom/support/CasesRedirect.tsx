import { Navigate, useLocation } from 'react-router-dom';

/** The older menu entries under /support/cases lead to the same screens under /support/tickets. */
export default function CasesRedirect() {
  const { pathname } = useLocation();
  return <Navigate to={pathname.replace(/^\/support\/cases/, '/support/tickets')} replace />;
}
