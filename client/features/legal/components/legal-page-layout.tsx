import { ArrowLeft, Mail } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import { SiteFooter } from '@client/components/layout/site-footer';
import { SiteNav } from '@client/components/layout/site-nav';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** One numbered section of a legal page. */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A contact block at the end of a legal page. */
export interface LegalContact {
  title: string;
  lines: string[];
  email: string;
}

/** The frame of the legal pages: Back to Home, title, "Last updated: January 2024", contents, sections and contacts. */
export function LegalPageLayout({
  title,
  intro,
  sections,
  contacts,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  contacts: LegalContact[];
}) {
  useDocumentTitle(title);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <SiteNav />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:py-12">
        <Link
          href="/"
          className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Home
        </Link>
        <article className="mt-6 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <header className="border-b border-slate-100 pb-6">
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
            <p className="mt-2 text-sm text-slate-600">Last updated: January 2024</p>
            <div className="mt-4 text-base leading-7 text-slate-700">{intro}</div>
          </header>
          <nav aria-label="Contents" className="mt-6 rounded-2xl bg-slate-50 p-5">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Contents</h2>
            <ol className="mt-3 grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="text-brand-700 hover:underline">
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="mt-8 space-y-10">
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-20">
                <h2 id={`${section.id}-title`} className="text-xl font-bold text-slate-900">
                  {index + 1}. {section.title}
                </h2>
                <div className="mt-3 space-y-3 text-base leading-7 text-slate-700 [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_ul]:space-y-2">
                  {section.body}
                </div>
              </section>
            ))}
          </div>
          <section aria-labelledby="contact-title" className="mt-12 border-t border-slate-100 pt-8">
            <h2 id="contact-title" className="text-xl font-bold text-slate-900">
              Contact us
            </h2>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {contacts.map((contact) => (
                <address key={contact.title} className="rounded-2xl border border-slate-200 bg-slate-50 p-5 not-italic">
                  <p className="font-semibold text-slate-900">{contact.title}</p>
                  {contact.lines.map((line) => (
                    <p key={line} className="text-sm text-slate-700">
                      {line}
                    </p>
                  ))}
                  <a
                    href={`mailto:${contact.email}`}
                    className="mt-3 inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
                  >
                    <Mail className="size-4" aria-hidden="true" />
                    {contact.email}
                  </a>
                </address>
              ))}
            </div>
          </section>
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}
