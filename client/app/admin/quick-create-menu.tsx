import { FolderPlus, PackagePlus, Plus, Radar } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';

/** The header's quick-create menu (spec §2 Admin): Create New App, Create New Category, Run Discovery Tool. */
export function QuickCreateMenu({
  onCreateApp,
  onCreateCategory,
  onRunDiscovery,
}: {
  onCreateApp: () => void;
  onCreateCategory: () => void;
  onRunDiscovery: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm">
          <Plus className="size-4" aria-hidden="true" />
          <span className="max-sm:sr-only">Quick Create</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Quick create</DropdownMenuLabel>
        <DropdownMenuItem onSelect={onCreateApp}>
          <PackagePlus className="size-4 text-slate-600" aria-hidden="true" />
          Create New App
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onCreateCategory}>
          <FolderPlus className="size-4 text-slate-600" aria-hidden="true" />
          Create New Category
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onRunDiscovery}>
          <Radar className="size-4 text-slate-600" aria-hidden="true" />
          Run Discovery Tool
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
