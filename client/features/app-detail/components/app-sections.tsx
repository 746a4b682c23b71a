import { Briefcase, Building, CheckCircle2, Code2, ExternalLink, Megaphone, Monitor, Rocket, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { MAX_FEATURES_SHOWN, MAX_USE_CASES_SHOWN, PRICING_LABELS } from '@shared/constants';
import type { App } from '@shared/schemas/app';
import { AppLogoTile } from './app-logo-tile';

/** A titled white panel of the app page. */
export function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-slate-600">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

const demoLink =
  'inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 text-sm font-semibold text-white transition-colors hover:bg-brand-700';

/** Live Preview: a 16:9 screenshot, or a placeholder, with "Open Live Demo". */
export function LivePreview({ app }: { app: App }) {
  return (
    <Section id="live-preview" title="Live Preview" intro={`See ${app.name} in action.`}>
      <div className="relative aspect-video w-full overflow-hidden rounded-2xl border border-slate-200 bg-gradient-to-br from-brand-50 via-white to-slate-100">
        {app.screenshotUrl ? (
          <img
            src={app.screenshotUrl}
            alt={`Screenshot of ${app.name}`}
            loading="lazy"
            decoding="async"
            width={1280}
            height={720}
            className="size-full object-cover"
          />
        ) : (
          <div
            className="flex size-full flex-col items-center justify-center gap-4 p-6 text-center"
            data-testid="preview-placeholder"
          >
            <AppLogoTile logoUrl={null} category={app.category} size="xl" />
            <p className="max-w-md text-sm text-slate-600">
              <Monitor className="mr-1 inline size-4 align-text-bottom" aria-hidden="true" />
              No screenshot yet. Open the live demo to try {app.name} on its own site.
            </p>
          </div>
        )}
      </div>
      <div className="mt-4 flex justify-center">
        <a href={app.url} target="_blank" rel="noopener noreferrer" className={demoLink}>
          <ExternalLink className="size-4" aria-hidden="true" />
          Open Live Demo<span className="sr-only"> of {app.name} (opens in a new tab)</span>
        </a>
      </div>
    </Section>
  );
}

const GENERIC_FEATURES = [
  { title: 'AI-Powered Automation', text: 'Takes repetitive work off your plate so you can focus on the decisions that matter.' },
  { title: 'Easy to Get Started', text: 'Runs in the browser with a guided setup: no installation or special skills needed.' },
];

/** Key Features: the first 6, or two generic cards. */
export function KeyFeatures({ app }: { app: App }) {
  const features = app.features.slice(0, MAX_FEATURES_SHOWN);
  return (
    <Section id="key-features" title="Key Features" intro={`What ${app.name} can do for you.`}>
      <ul className="grid gap-4 sm:grid-cols-2">
        {features.length > 0
          ? features.map((feature) => (
              <li key={feature} className="flex gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                <span className="text-slate-800">{feature}</span>
              </li>
            ))
          : GENERIC_FEATURES.map((feature) => (
              <li key={feature.title} className="flex gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4">
                <Zap className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                <span>
                  <span className="block font-semibold text-slate-900">{feature.title}</span>
                  <span className="text-sm text-slate-700">{feature.text}</span>
                </span>
              </li>
            ))}
      </ul>
    </Section>
  );
}

const GENERIC_USE_CASES = [
  { title: 'Marketing Teams', text: 'Plan campaigns and produce on-brand content faster.', icon: Megaphone },
  { title: 'Developers', text: 'Build AI capabilities into products and automate workflows.', icon: Code2 },
  {
    title: 'Enterprise',
    text: 'Roll out AI across teams with the controls and support large organisations need.',
    icon: Building,
  },
];

/** Use Cases: the first 6, or three generic cards (Marketing Teams, Developers, Enterprise). */
export function UseCases({ app }: { app: App }) {
  const useCases = app.useCases.slice(0, MAX_USE_CASES_SHOWN);
  return (
    <Section id="use-cases" title="Use Cases" intro={`Who gets the most out of ${app.name}.`}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {useCases.length > 0
          ? useCases.map((useCase) => (
              <li key={useCase} className="flex gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4">
                <Briefcase className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                <span className="text-slate-800">{useCase}</span>
              </li>
            ))
          : GENERIC_USE_CASES.map(({ title, text, icon: Icon }) => (
              <li key={title} className="rounded-2xl border border-slate-200 bg-slate-50 p-4">
                <Icon className="size-6 text-brand-600" aria-hidden="true" />
                <span className="mt-3 block font-semibold text-slate-900">{title}</span>
                <span className="mt-1 block text-sm text-slate-700">{text}</span>
              </li>
            ))}
      </ul>
    </Section>
  );
}

function pricingText(app: App): string {
  switch (app.pricingType) {
    case 'free':
      return `${app.name} is free to use. Create an account and start right away.`;
    case 'freemium':
      return `Start with the free version of ${app.name} and upgrade to a paid plan when you need more.`;
    case 'paid':
      return `${app.name} is offered as a subscription or a one-time payment. See the current plans and features on the official site.`;
    default:
      return `Pricing for ${app.name} is not listed here yet. See the current plans and features on the official site.`;
  }
}

/** Get Access: the pricing badge and call to action of the app's pricing type (spec §9). */
export function GetAccess({ app }: { app: App }) {
  const labels = PRICING_LABELS[app.pricingType ?? 'other'];
  return (
    <Section id="get-access" title="Get Access">
      <div className="flex flex-col gap-5 rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 p-6 text-white sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p
            className="inline-flex rounded-full bg-white/15 px-3 py-1 text-xs font-bold tracking-wide"
            data-testid="pricing-badge"
          >
            {labels.badge}
          </p>
          <p className="mt-3 max-w-xl text-brand-50">{pricingText(app)}</p>
        </div>
        <a
          href={app.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-xl bg-white px-5 text-sm font-semibold text-brand-800 transition-colors hover:bg-brand-50"
        >
          {labels.cta}
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </Section>
  );
}

function faqEntries(app: App): { question: string; answer: string }[] {
  return [
    {
      question: `What is ${app.name}?`,
      answer: `${app.description} It is listed in the ${app.category} category of the Aitlas marketplace.`,
    },
    {
      question: 'How do I get started?',
      answer:
        'Open the official site with "Try it out", create an account and follow the guided setup. Most tools let you try the core features before you pay.',
    },
    {
      question: 'Are there API rate limits?',
      answer:
        'Yes. The free plan allows 100 requests per hour, the Pro plan 10,000 requests per hour, and Enterprise plans have custom limits agreed with the provider.',
    },
    {
      question: 'What support is available?',
      answer:
        'Pro customers receive a support response within 24 hours. Free users can rely on the documentation and community resources, and Enterprise plans include dedicated support.',
    },
    {
      question: 'Is my data secure?',
      answer:
        'Data is encrypted in transit and at rest, and you can ask for your data to be deleted. Check the provider’s privacy policy for the details that apply to you.',
    },
  ];
}

/** Frequently Asked Questions: five fixed generic answers. */
export function Faq({ app }: { app: App }) {
  return (
    <Section id="faq" title="Frequently Asked Questions">
      <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
        {faqEntries(app).map((entry) => (
          <details key={entry.question} className="group px-5 py-4 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900">
              {entry.question}
              <span aria-hidden="true" className="text-xl leading-none text-brand-700 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 text-slate-700">{entry.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}

/**
 * The closing call to action (deviation 5): the spec's "Launch Now - It's Free" only for a free app; otherwise the
 * call to action of the app's pricing in Get Access, so that a paid app never claims to be free.
 */
export function closingCtaLabel(pricingType: App['pricingType']): string {
  return pricingType === 'free' ? "Launch Now - It's Free" : PRICING_LABELS[pricingType ?? 'other'].cta;
}

/** The closing call to action. */
export function ClosingCta({ app }: { app: App }) {
  return (
    <section aria-labelledby="closing-cta" className="rounded-3xl bg-slate-900 px-6 py-12 text-center text-white sm:px-12">
      <Rocket className="mx-auto size-10 text-brand-100" aria-hidden="true" />
      <h2 id="closing-cta" className="mt-4 text-3xl font-bold tracking-tight">
        Ready to try {app.name}?
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-slate-300">Join the teams already using it to work faster and smarter.</p>
      <a
        href={app.url}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-8 inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-white px-6 text-base font-semibold text-slate-900 transition-colors hover:bg-brand-50"
      >
        {closingCtaLabel(app.pricingType)}
        <ExternalLink className="size-4" aria-hidden="true" />
        <span className="sr-only"> (opens {app.name} in a new tab)</span>
      </a>
    </section>
  );
}
