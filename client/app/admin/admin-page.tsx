import { useDocumentTitle } from '@client/lib/use-document-title';
import { AdminSessionGate } from './admin-session-gate';
import { AdminShell } from './admin-shell';

/** `/admin` (and `/` on the app. host): the back office, for signed-in admins. */
export default function AdminPage() {
  useDocumentTitle('AI Admin');
  return <AdminSessionGate>{(user) => <AdminShell user={user} />}</AdminSessionGate>;
}
