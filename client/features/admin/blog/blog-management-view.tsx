/** Placeholder until the Blog Management view lands (owned by the blog work). */
export function BlogManagementView() {
  return <p>Blog management is not available yet.</p>;
}
