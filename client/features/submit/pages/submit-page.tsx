import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, Send } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { PublicPageFrame } from '@client/components/layout/public-page-frame';
import { Button } from '@client/components/ui/button';
import { Input, Label, Textarea } from '@client/components/ui/input';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useHydrated } from '@client/lib/use-hydrated';
import { SUBMISSION_NOTE_MAX, type SubmissionDuplicate, type SubmissionResult } from '@shared/schemas/discovery';
import { submitTool } from '../api/submit-api';

/** What the visitor is told when a submission is refused, by the pipeline's reason. */
function failureTitle(error: ApiError): string {
  const reason = (error.body?.error?.details as { reason?: string } | undefined)?.reason;
  if (error.status === 409) return 'This tool is already on Aitlas';
  if (error.status === 429) return 'Too many submissions';
  if (error.status === 400) return 'Check the address';
  if (reason === 'blocked_address') return 'This address cannot be analysed';
  if (reason === 'robots') return 'The site does not allow crawling';
  return 'The site could not be reached';
}

function Failure({ error }: { error: unknown }) {
  if (!(error instanceof ApiError)) {
    return <Notice tone="error" title="The submission could not be sent" text="Please check your connection and try again." />;
  }
  const duplicate = error.status === 409 ? (error.body?.error?.details as Partial<SubmissionDuplicate> | undefined) : undefined;
  return (
    <Notice tone="error" title={failureTitle(error)} text={error.serverMessage}>
      {duplicate?.path ? (
        <Link href={duplicate.path} className="font-semibold text-brand-800 underline underline-offset-4">
          See {duplicate.name} on Aitlas
        </Link>
      ) : null}
    </Notice>
  );
}

function Notice({ tone, title, text, children }: { tone: 'ok' | 'error'; title: string; text: string; children?: ReactNode }) {
  const Icon = tone === 'ok' ? CheckCircle2 : CircleAlert;
  return (
    <div
      role={tone === 'ok' ? 'status' : 'alert'}
      className={`flex gap-3 rounded-2xl border p-4 ${tone === 'ok' ? 'border-emerald-300 bg-emerald-50 text-emerald-950' : 'border-red-300 bg-red-50 text-red-950'}`}
      data-testid="submit-outcome"
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        <p>{text}</p>
        {children}
      </div>
    </div>
  );
}

/**
 * "Submit a tool" (/submit): a visitor or a maker suggests a tool by its address, with an optional
 * e-mail and note for the curators. The server runs the discovery pipeline (address guard, fetch,
 * duplicate check) and files the tool as pending; the answer says what happened.
 */
export default function SubmitPage() {
  useDocumentTitle('Submit an AI tool');
  const hydrated = useHydrated();
  const [url, setUrl] = useState('');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [done, setDone] = useState<SubmissionResult | null>(null);
  const ids = { url: useId(), email: useId(), note: useId() };
  const mutation = useMutation({
    mutationFn: () => submitTool({ url: url.trim(), email: email.trim() || undefined, note: note.trim() || undefined }),
    onSuccess: (result) => {
      setDone(result);
      setUrl('');
      setNote('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setDone(null);
    mutation.mutate();
  };

  return (
    <PublicPageFrame>
      <div className="mx-auto grid max-w-2xl gap-6">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Submit an AI tool</h1>
          <p className="mt-2 text-slate-700">
            Know a tool that belongs on Aitlas, or made one? Send its address: we read the site, file the tool for review, and a
            curator checks it before it is listed. Makers of a listed tool can claim its page from the tool&apos;s page.
          </p>
        </header>
        <form
          onSubmit={submit}
          className="grid gap-4 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          noValidate
        >
          <div className="grid gap-1">
            <Label htmlFor={ids.url}>Website address</Label>
            <Input
              id={ids.url}
              type="url"
              inputMode="url"
              required
              placeholder="https://example.com"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={ids.email}>Your e-mail (optional)</Label>
            <Input
              id={ids.email}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <p className="text-xs text-slate-600">Only the curators see it, in case they have a question.</p>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={ids.note}>Note for the curators (optional)</Label>
            <Textarea
              id={ids.note}
              rows={4}
              maxLength={SUBMISSION_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <Button
            type="submit"
            size="lg"
            disabled={!hydrated || mutation.isPending || url.trim() === ''}
            className="justify-self-start"
          >
            <Send className="size-4" aria-hidden="true" />
            {mutation.isPending ? 'Checking the site…' : 'Submit tool'}
          </Button>
        </form>
        {done ? (
          <Notice
            tone="ok"
            title={`Thanks! ${done.name} is waiting for review.`}
            text="A curator will check it before it appears in the marketplace."
          />
        ) : mutation.isError ? (
          <Failure error={mutation.error} />
        ) : null}
      </div>
    </PublicPageFrame>
  );
}
