import { Navigate } from 'react-router-dom';

/** /messages/log is the message-log tab of /bookings. */
export function ToMessageLog() {
  return <Navigate to="/bookings#message-log" replace />;
}

/** /messages/templates is the message-templates tab of /bookings. */
export function ToMessageTemplates() {
  return <Navigate to="/bookings#message-templates" replace />;
}
