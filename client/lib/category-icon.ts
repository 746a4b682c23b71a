import {
  AudioLines,
  Bot,
  ChartColumn,
  Clapperboard,
  Code,
  GraduationCap,
  Headset,
  type LucideIcon,
  Megaphone,
  Microscope,
  Palette,
  PenLine,
  Video,
  Zap,
} from 'lucide-react';

export interface CategoryIcon {
  /** A stable name of the icon, for tests and data attributes. */
  name: string;
  Icon: LucideIcon;
}

/*
 * Drawn with the product's icon set rather than emoji, which many systems cannot draw (empty boxes),
 * one icon for each seeded category so that no category falls back to the robot.
 */
const ICONS: Record<string, CategoryIcon> = {
  writing: { name: 'pen-line', Icon: PenLine },
  productivity: { name: 'zap', Icon: Zap },
  development: { name: 'code', Icon: Code },
  design: { name: 'palette', Icon: Palette },
  marketing: { name: 'megaphone', Icon: Megaphone },
  analysis: { name: 'chart-column', Icon: ChartColumn },
  research: { name: 'microscope', Icon: Microscope },
  education: { name: 'graduation-cap', Icon: GraduationCap },
  entertainment: { name: 'clapperboard', Icon: Clapperboard },
  audio: { name: 'audio-lines', Icon: AudioLines },
  video: { name: 'video', Icon: Video },
  'customer support': { name: 'headset', Icon: Headset },
};

const DEFAULT_ICON: CategoryIcon = { name: 'bot', Icon: Bot };

/** The icon of a category name (case-insensitive) for fallback logo tiles; a robot for any other category. */
export function categoryIcon(category: string | null | undefined): CategoryIcon {
  return ICONS[(category ?? '').trim().toLowerCase()] ?? DEFAULT_ICON;
}
