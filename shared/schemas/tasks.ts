import { z } from './zod';
import { PRICING_TYPES, type PricingType } from '../constants';
import type { App } from './app';

/** Apps a task page shows at most (like the alternatives page: more cards cost the phone's main thread). */
export const TASK_PAGE_LIMIT = 24;
/** A task page exists only with at least this many published apps that state the task. */
export const TASK_MIN_APPS = 3;
/** How far down a task's ranking an app counts as "best for" it (app pages list those tasks). */
export const TASK_BEST_FOR_RANK = 10;
/** Longest curator intro. */
export const TASK_INTRO_MAX = 1000;

/** A task page in lists: the index, related tasks, an app's "best for" tasks. */
export interface TaskSummary {
  slug: string;
  /** "Best AI tools for {label}". */
  name: string;
  /** The task in words ("meeting notes and summaries"). */
  label: string;
  appCount: number;
}

/** A ranked app of a task page, with why it fits the task. */
export interface TaskApp extends App {
  reason: string;
}

/** A fact of a task page computed from its apps (the FAQ). */
export interface TaskFact {
  question: string;
  answer: string;
}

/** `GET /api/tasks/{slug}`: everything a task page shows. */
export interface TaskPageResponse {
  task: TaskSummary & { intro: string; category: { name: string; slug: string } | null };
  apps: TaskApp[];
  /** Apps of the task with this pricing (all of them, not only those shown). */
  total: number;
  pricing: PricingType | null;
  facts: TaskFact[];
  related: TaskSummary[];
}

/** `GET /api/tasks`: the task pages grouped by the category most of their apps are in. */
export interface TaskIndexResponse {
  groups: { category: { name: string; slug: string } | null; tasks: TaskSummary[] }[];
  total: number;
}

/** A task in the curator's view: every task concept with enough apps, hidden ones too. */
export interface AdminTask extends TaskSummary {
  hidden: boolean;
  /** The curator's intro, or null for the generated one. */
  intro: string | null;
  generatedIntro: string;
}

export const taskSlugParamSchema = z.object({ slug: z.string().trim().min(1).max(100) });

export const taskPageQuerySchema = z.object({ pricing: z.enum(PRICING_TYPES).optional() });

export const appTasksParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** PATCH /api/admin/tasks/{slug}: hide or show the page, write its intro (empty or null: the generated one). */
export const taskPatchSchema = z
  .object({
    hidden: z.boolean().optional(),
    intro: z
      .string()
      .trim()
      .max(TASK_INTRO_MAX, `Intro must be at most ${TASK_INTRO_MAX} characters`)
      .nullable()
      .optional()
      .transform((value) => (value === '' ? null : value)),
  })
  .refine((value) => value.hidden !== undefined || value.intro !== undefined, 'Nothing to change');
