import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { AlternativeCard } from '@client/components/alternative-card';
import { Spinner } from '@client/components/ui/spinner';
import { useAlternatives } from '@client/lib/alternatives-api';
import { ALTERNATIVES_SECTION_LIMIT, alternativesPath } from '@shared/tool-paths';
import type { App } from '@shared/schemas/app';
import { Section } from './app-sections';

/**
 * "Alternatives to {name}": the closest substitutes with their reasons and a link to the full list.
 * An app without any alternative in the catalogue shows no section at all.
 */
export function AlternativesSection({ app }: { app: App }) {
  const alternatives = useAlternatives(app.id, { limit: ALTERNATIVES_SECTION_LIMIT });
  if (alternatives.isSuccess && alternatives.data.alternatives.length === 0) return null;
  return (
    <Section
      id="alternatives"
      title={`Alternatives to ${app.name}`}
      intro={`Apps that can do the main job of ${app.name}, closest first.`}
    >
      {alternatives.isPending ? (
        <Spinner label="Finding alternatives..." />
      ) : alternatives.isError ? (
        <p role="alert" className="text-slate-700">
          Alternatives could not be loaded.{' '}
          <button
            type="button"
            onClick={() => void alternatives.refetch()}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            Try again
          </button>
        </p>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
            {alternatives.data.alternatives.map((alternative) => (
              <li key={alternative.id}>
                <AlternativeCard app={alternative} />
              </li>
            ))}
          </ul>
          <Link
            href={alternativesPath(app)}
            className="mt-6 inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
          >
            See all alternatives to {app.name}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </>
      )}
    </Section>
  );
}
