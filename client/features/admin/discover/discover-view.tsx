/** Placeholder until the Discover view lands (owned by the discovery work). */
export function DiscoverView() {
  return <p>Discovery is not available yet.</p>;
}
