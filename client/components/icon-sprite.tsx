import { createElement } from 'react';
import type { LucideIconData } from 'lucide-react';
// The modules behind lucide's own components: each exports its drawing as `__iconData` beside the
// component, so the sprite and any page that still draws the icon inline share one copy of it.
import * as arrowRight from 'lucide-react/icons/arrow-right';
import * as check from 'lucide-react/icons/check';
import * as gitCompareArrows from 'lucide-react/icons/git-compare-arrows';
import * as sparkles from 'lucide-react/icons/sparkles';
import * as star from 'lucide-react/icons/star';
import * as users from 'lucide-react/icons/users';

/** lucide's icon modules export their data under a name their published types leave out. */
function iconData(module: object): LucideIconData {
  return (module as { __iconData: LucideIconData }).__iconData;
}

/*
 * The icons every card repeats (rating, visitors, Compare, a reason's sparkles, "Learn More"): drawn
 * once per page as symbols and referenced by each card, instead of 300–650 bytes of path data per
 * icon per card (decision 0024, sprite amendment). Keep it to icons that repeat: every page carries
 * the whole sprite.
 */
const SPRITE_ICONS = {
  'arrow-right': iconData(arrowRight),
  check: iconData(check),
  'git-compare-arrows': iconData(gitCompareArrows),
  sparkles: iconData(sparkles),
  star: iconData(star),
  users: iconData(users),
} as const;

/** The name of an icon of the sprite. */
export type SpriteIconName = keyof typeof SPRITE_ICONS;

/** The element id of an icon's symbol in the page. */
export function spriteSymbolId(name: SpriteIconName): string {
  return `icon-${name}`;
}

/**
 * The sprite: one hidden `<svg>` holding a `<symbol>` per icon, rendered once at the top of the
 * application (server and browser render the same, so hydration matches). Its symbols have no
 * presentation attributes of their own: a `<use>` inherits fill, stroke and colour from the icon's
 * `<svg>` (the `.icon` rule of styles.css, then its utility classes), so a filled star stays possible.
 */
export function IconSprite() {
  return (
    <svg aria-hidden="true" style={{ display: 'none' }} data-testid="icon-sprite">
      {Object.entries(SPRITE_ICONS).map(([name, data]) => (
        <symbol key={name} id={spriteSymbolId(name as SpriteIconName)} viewBox="0 0 24 24">
          {data.node.map(([tag, attributes], index) => createElement(tag, { ...attributes, key: index }))}
        </symbol>
      ))}
    </svg>
  );
}

/**
 * A decorative icon drawn from the sprite (aria-hidden: the text beside it, visible or sr-only, says
 * what it means). Sized and coloured by its class names like lucide's components (`size-4`,
 * `text-…`, `fill-…`); the `.icon` base rule gives lucide's defaults (24 px, no fill, a 2 px round
 * stroke in the current colour).
 */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} aria-hidden="true">
      <use href={`#${spriteSymbolId(name)}`} />
    </svg>
  );
}
