import { NotFoundPage } from '@client/app/not-found-page';

/** Placeholder until this screen lands. */
export default function AuthTestPage() {
  return <NotFoundPage />;
}
