import { useDocumentTitle } from '@client/lib/use-document-title';
import { AdminSessionGate } from '../components/admin-session-gate';
import { AdminShell } from '../components/admin-shell';

/** `/admin` (and `/` on the app. host): the back office, for signed-in admins. */
export default function AdminPage() {
  useDocumentTitle('AI Admin');
  return <AdminSessionGate>{(user) => <AdminShell user={user} />}</AdminSessionGate>;
}
