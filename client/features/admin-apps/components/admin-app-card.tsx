import { Eye, ExternalLink, MoreHorizontal, Pencil, Trash2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ADMIN_CARD_TAGS_SHOWN } from '@shared/constants';
import { formatCount } from '@shared/format';
import { pluralize } from '@shared/pluralize';
import type { AdminApp } from '@shared/schemas/admin-app';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { Tooltip } from '@client/components/ui/tooltip';
import { statusActionsFor, statusBadgeVariant, statusLabel, type StatusAction } from '../lib/app-status';
import { visibleTags } from '@client/lib/tags';

/** One app of the All Apps grid with its selection box, facts, tags and actions (spec §2 All Apps). */
export function AdminAppCard({
  app,
  selected,
  onSelectedChange,
  onStatusAction,
  onDelete,
  busy,
  flag,
}: {
  app: AdminApp;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onStatusAction: (action: StatusAction) => void;
  onDelete: () => void;
  busy: boolean;
  /** A mark another admin feature adds to the card (the open-reports flag). */
  flag?: ReactNode;
}) {
  const tags = visibleTags(app.tags, ADMIN_CARD_TAGS_SHOWN);
  const actions = statusActionsFor(app.status);
  const checkboxId = `select-app-${app.id}`;

  return (
    <Card
      className="flex flex-col gap-3 p-4 data-[selected=true]:border-brand-500 data-[selected=true]:ring-1 data-[selected=true]:ring-brand-500"
      data-selected={selected}
    >
      <div className="flex items-start gap-3">
        <Checkbox
          id={checkboxId}
          checked={selected}
          onCheckedChange={(value) => onSelectedChange(value === true)}
          aria-label={`Select ${app.name}`}
          className="mt-1"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate text-base font-semibold text-slate-900">{app.name}</h3>
            <Badge variant={statusBadgeVariant(app.status)}>{statusLabel(app.status)}</Badge>
            {flag}
          </div>
          <p className="text-sm text-slate-600">{app.category}</p>
        </div>
      </div>

      <p className="line-clamp-2 text-sm text-slate-700">{app.description}</p>

      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <div className="flex items-center gap-1.5">
          <Users className="size-4 text-slate-500" aria-hidden="true" />
          <dt className="sr-only">Monthly visitors</dt>
          <dd>
            <span className="tabular-nums">{formatCount(app.monthlyVisitors)}</span> monthly
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <Eye className="size-4 text-slate-500" aria-hidden="true" />
          <dt className="sr-only">Views</dt>
          <dd>
            <span className="tabular-nums">{formatCount(app.viewCount)}</span> {pluralize(app.viewCount, 'view')}
          </dd>
        </div>
      </dl>

      {app.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {tags.shown.map((tag) => (
            <li key={tag}>
              <Badge variant="outline" className="font-medium">
                {tag}
              </Badge>
            </li>
          ))}
          {tags.hidden > 0 ? (
            <li>
              <Badge variant="secondary" aria-label={`${tags.hidden} more tags`}>
                +{tags.hidden}
              </Badge>
            </li>
          ) : null}
        </ul>
      ) : null}

      <div className="mt-auto flex items-center gap-1 border-t border-slate-100 pt-3">
        <Tooltip content="Preview">
          <Button asChild variant="ghost" size="icon" className="size-9">
            <Link href={`/admin/app/${app.id}`} aria-label={`Preview ${app.name}`}>
              <Eye className="size-4" aria-hidden="true" />
            </Link>
          </Button>
        </Tooltip>
        <Tooltip content="Edit">
          <Button asChild variant="ghost" size="icon" className="size-9">
            <Link href={`/app/${app.id}/edit`} aria-label={`Edit ${app.name}`}>
              <Pencil className="size-4" aria-hidden="true" />
            </Link>
          </Button>
        </Tooltip>
        <Tooltip content="Visit site">
          <Button asChild variant="ghost" size="icon" className="size-9">
            <a
              href={app.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Visit ${app.name} website (opens in a new tab)`}
            >
              <ExternalLink className="size-4" aria-hidden="true" />
            </a>
          </Button>
        </Tooltip>
        <div className="ml-auto">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="size-9" aria-label={`Actions for ${app.name}`} disabled={busy}>
                <MoreHorizontal className="size-4" aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuLabel>{statusLabel(app.status)}</DropdownMenuLabel>
              {actions.map((action) => (
                <DropdownMenuItem key={action.label} onSelect={() => onStatusAction(action)}>
                  {action.label}
                </DropdownMenuItem>
              ))}
              {actions.length > 0 ? <DropdownMenuSeparator /> : null}
              <DropdownMenuItem destructive onSelect={onDelete}>
                <Trash2 className="size-4" aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
    </Card>
  );
}
