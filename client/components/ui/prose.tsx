import type { HTMLAttributes } from 'react';
import { cn } from '@client/lib/cn';

// Typography for rendered Markdown (the blog's sanitised HTML), written as Tailwind variants so no
// stylesheet is needed: headings, paragraphs, lists, quotes, code, tables and images.
const PROSE = [
  'text-base leading-7 text-slate-800 break-words',
  '[&>*:first-child]:mt-0',
  '[&_h2]:mt-10 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900',
  '[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-semibold [&_h5]:mt-6 [&_h5]:font-semibold [&_h6]:mt-6 [&_h6]:font-semibold',
  '[&_p]:my-4',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-800',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:bg-brand-50 [&_blockquote]:px-4 [&_blockquote]:py-2 [&_blockquote]:text-slate-800',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em] [&_code]:text-slate-900',
  '[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-slate-100',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-slate-100',
  '[&_hr]:my-8 [&_hr]:border-slate-200',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_table]:my-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-100 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_td]:border [&_td]:border-slate-300 [&_td]:px-3 [&_td]:py-2',
  '[&_mark]:bg-yellow-200 [&_kbd]:rounded [&_kbd]:border [&_kbd]:border-slate-300 [&_kbd]:px-1 [&_kbd]:font-mono [&_kbd]:text-sm',
].join(' ');

/**
 * Shows HTML that the blog's Markdown renderer produced and sanitised (never raw user input), with
 * readable typography.
 */
export function Prose({
  html,
  className,
  ...props
}: { html: string; className?: string } & Omit<HTMLAttributes<HTMLDivElement>, 'dangerouslySetInnerHTML' | 'children'>) {
  return <div className={cn(PROSE, className)} dangerouslySetInnerHTML={{ __html: html }} {...props} />;
}
