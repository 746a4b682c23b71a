/** The demo categories in display order; "All" first, holding no apps. */
export const demoCategories = [
  { name: 'All', slug: 'all', description: 'Every AI tool in the marketplace.' },
  { name: 'Writing', slug: 'writing', description: 'Draft, rewrite, proofread and translate text with AI.' },
  { name: 'Productivity', slug: 'productivity', description: 'Meetings, notes, email, scheduling and everyday work.' },
  { name: 'Development', slug: 'development', description: 'Code completion, review, debugging and app builders.' },
  { name: 'Design', slug: 'design', description: 'Images, logos, photo editing, UI and 3D.' },
  { name: 'Marketing', slug: 'marketing', description: 'Copy, SEO, ads, social media and campaigns.' },
  { name: 'Analysis', slug: 'analysis', description: 'Spreadsheets, dashboards, BI and data questions.' },
  { name: 'Research', slug: 'research', description: 'AI search, papers, citations and literature review.' },
  { name: 'Education', slug: 'education', description: 'Tutoring, lesson planning, language learning and study aids.' },
  { name: 'Entertainment', slug: 'entertainment', description: 'Companions, stories, games and fun with AI.' },
  { name: 'Audio', slug: 'audio', description: 'Voice, speech, music, podcasts and audio clean-up.' },
  { name: 'Video', slug: 'video', description: 'Video generation, editing, avatars and subtitles.' },
  { name: 'Customer Support', slug: 'customer-support', description: 'Help desks, support chatbots and customer messaging.' },
] as const;
