import { DropdownMenu as RadixDropdownMenu } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';

/** The menu root: open state and keyboard navigation come from Radix. */
export const DropdownMenu = RadixDropdownMenu.Root;
/** The element that opens the menu; use `asChild` with a Button. */
export const DropdownMenuTrigger = RadixDropdownMenu.Trigger;
/** Groups related items for assistive technology. */
export const DropdownMenuGroup = RadixDropdownMenu.Group;

/** The floating list of items, rendered in a portal. */
export function DropdownMenuContent({
  className,
  sideOffset = 4,
  align = 'end',
  ...props
}: ComponentProps<typeof RadixDropdownMenu.Content>) {
  return (
    <RadixDropdownMenu.Portal>
      <RadixDropdownMenu.Content
        sideOffset={sideOffset}
        align={align}
        className={cn(
          'z-50 min-w-48 overflow-hidden rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg',
          className,
        )}
        {...props}
      />
    </RadixDropdownMenu.Portal>
  );
}

/** One action of the menu; `destructive` colours it red. */
export function DropdownMenuItem({
  className,
  destructive = false,
  ...props
}: ComponentProps<typeof RadixDropdownMenu.Item> & { destructive?: boolean }) {
  return (
    <RadixDropdownMenu.Item
      className={cn(
        'flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-slate-100 data-[disabled]:opacity-50',
        destructive && 'text-red-700 data-[highlighted]:bg-red-50',
        className,
      )}
      {...props}
    />
  );
}

/** A non-interactive heading inside the menu. */
export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof RadixDropdownMenu.Label>) {
  return (
    <RadixDropdownMenu.Label
      className={cn('px-2 py-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600', className)}
      {...props}
    />
  );
}

/** A thin rule between groups of items. */
export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof RadixDropdownMenu.Separator>) {
  return <RadixDropdownMenu.Separator className={cn('-mx-1 my-1 h-px bg-slate-200', className)} {...props} />;
}
