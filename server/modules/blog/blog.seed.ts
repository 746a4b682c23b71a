import type { Db } from '../../db/database';

/** Placeholder until the blog module lands. */
export async function seedBlogPosts(_db: Db): Promise<void> {}
