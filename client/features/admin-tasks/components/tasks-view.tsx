import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Label, Textarea } from '@client/components/ui/input';
import { LoadError } from '@client/components/ui/load-error';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { siteUrl } from '@client/lib/host';
import { taskPath } from '@shared/browse-paths';
import { TASK_INTRO_MAX, type AdminTask } from '@shared/schemas/tasks';
import { useAdminTasks, useUpdateTask } from '../api/admin-tasks-api';

function TaskRow({ task }: { task: AdminTask }) {
  const update = useUpdateTask();
  const [editing, setEditing] = useState(false);
  const [intro, setIntro] = useState(task.intro ?? '');
  const save = (patch: { hidden?: boolean; intro?: string | null }, done: string) =>
    update.mutate(
      { slug: task.slug, patch },
      {
        onSuccess: () => {
          toast({ title: done, description: task.name });
          setEditing(false);
        },
        onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="admin-task">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">
            {task.name}
            {task.hidden ? (
              <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Hidden</span>
            ) : null}
          </h3>
          <p className="text-sm text-slate-600">
            {task.appCount} apps · {task.intro ? 'Curator intro' : 'Generated intro'} ·{' '}
            <a
              href={`${siteUrl().replace(/\/$/, '')}${taskPath(task.slug)}`}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline"
            >
              /best/{task.slug}
              <ExternalLink className="size-3" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(!editing)} aria-expanded={editing}>
            Edit intro
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={update.isPending}
            onClick={() => save({ hidden: !task.hidden }, task.hidden ? 'Task page shown' : 'Task page hidden')}
          >
            {task.hidden ? 'Show page' : 'Hide page'}
          </Button>
        </div>
      </div>
      {editing ? (
        <form
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            save({ intro: intro.trim() || null }, 'Intro saved');
          }}
        >
          <Label htmlFor={`intro-${task.slug}`}>Intro (empty: the generated one)</Label>
          <Textarea
            id={`intro-${task.slug}`}
            value={intro}
            maxLength={TASK_INTRO_MAX}
            onChange={(event) => setIntro(event.target.value)}
            placeholder={task.generatedIntro}
          />
          <Button type="submit" size="sm" disabled={update.isPending}>
            Save intro
          </Button>
        </form>
      ) : null}
    </li>
  );
}

/** Admin → Tasks: every task page the catalogue makes, with hide/show and the intro (issue 23). */
export function TasksView() {
  const tasks = useAdminTasks();
  const [filter, setFilter] = useState('');
  if (tasks.isPending) return <Spinner label="Loading tasks..." />;
  if (tasks.isError) return <LoadError message="The tasks could not be loaded." onRetry={() => void tasks.refetch()} />;
  const wanted = filter.trim().toLowerCase();
  const shown = tasks.data.filter((task) => !wanted || task.name.toLowerCase().includes(wanted) || task.slug.includes(wanted));
  return (
    <div className="space-y-4">
      <p className="max-w-3xl text-slate-700">
        One page per task the search engine knows with at least 3 published apps; pages appear and disappear as the catalogue
        changes. Hide a page that reads badly, or write its intro.
      </p>
      <div className="max-w-sm space-y-1.5">
        <Label htmlFor="task-filter">Find a task</Label>
        <input
          id="task-filter"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
        />
      </div>
      <p className="text-sm text-slate-600">
        {shown.length} of {tasks.data.length} task pages
      </p>
      <ul className="space-y-3">
        {shown.map((task) => (
          <TaskRow key={task.slug} task={task} />
        ))}
      </ul>
    </div>
  );
}
