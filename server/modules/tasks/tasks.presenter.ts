import { formatCount, formatLongDate, formatRating } from '@shared/format';
import type { App } from '@shared/schemas/app';
import type { TaskFact, TaskSummary } from '@shared/schemas/tasks';
import type { TaskEntry } from './task-catalogue';

/** The task in a heading's words: "Best AI tools for {this}" ("a general-purpose AI assistant" → "general-purpose AI assistant"). */
export function taskWords(label: string): string {
  return label.replace(/^(a|an)\s+/i, '').replace(/^tools for\s+/i, '');
}

/** A task page's name ("Best AI tools for meeting notes and summaries"). */
export function taskName(label: string): string {
  return `Best AI tools for ${taskWords(label)}`;
}

export function presentTaskSummary(entry: TaskEntry): TaskSummary {
  return { slug: entry.slug, name: taskName(entry.label), label: taskWords(entry.label), appCount: entry.ranked.length };
}

function pricingCounts(apps: App[]) {
  return {
    free: apps.filter((app) => app.pricingType === 'free').length,
    freemium: apps.filter((app) => app.pricingType === 'freemium').length,
    paid: apps.filter((app) => app.pricingType === 'paid').length,
  };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The intro a task page has unless a curator wrote one: what the list is and how it is ranked. */
export function generatedIntro(entry: TaskEntry): string {
  const apps = entry.ranked.map((item) => item.app);
  const { free, freemium } = pricingCounts(apps);
  const words = taskWords(entry.label);
  const count = plural(apps.length, 'AI tool', 'AI tools');
  const noCost = free + freemium;
  return [
    `${count} on Aitlas say in their own descriptions, features or use cases that they help with ${words}.`,
    'They are ranked by how closely what they do matches the task, then by how widely they are used and how well they are rated.',
    noCost === apps.length
      ? 'All of them can be used without paying.'
      : noCost > 0
        ? `${noCost} of them can be used without paying.`
        : 'All of them are paid.',
  ].join(' ');
}

/** Facts computed from a task's apps, as questions and answers. */
export function taskFacts(entry: TaskEntry): TaskFact[] {
  const apps = entry.ranked.map((item) => item.app);
  const words = taskWords(entry.label);
  const { free, freemium, paid } = pricingCounts(apps);
  const facts: TaskFact[] = [
    {
      question: `How many AI tools for ${words} are free?`,
      answer: `${free} ${free === 1 ? 'is' : 'are'} free, ${freemium} ${freemium === 1 ? 'has' : 'have'} a free plan with paid upgrades and ${paid} ${paid === 1 ? 'is' : 'are'} paid only, out of ${apps.length}.`,
    },
  ];
  const mostVisited = [...apps].sort((a, b) => b.monthlyVisitors - a.monthlyVisitors || a.id - b.id)[0];
  if (mostVisited && mostVisited.monthlyVisitors > 0) {
    facts.push({
      question: `Which AI tool for ${words} is the most visited?`,
      answer: `${mostVisited.name}, with about ${formatCount(mostVisited.monthlyVisitors)} visits a month.`,
    });
  }
  const rated = apps
    .filter((app) => app.rating !== null)
    .sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0) || b.monthlyVisitors - a.monthlyVisitors)[0];
  if (rated)
    facts.push({
      question: `Which AI tool for ${words} is rated highest?`,
      answer: `${rated.name}, rated ${formatRating(rated.rating)} out of 5.`,
    });
  const newest = [...apps].sort(
    (a, b) => Date.parse(b.publishedAt ?? b.createdAt) - Date.parse(a.publishedAt ?? a.createdAt) || b.id - a.id,
  )[0];
  if (newest)
    facts.push({
      question: `Which AI tool for ${words} was added most recently?`,
      answer: `${newest.name}, added ${formatLongDate(newest.publishedAt ?? newest.createdAt)}.`,
    });
  return facts;
}
