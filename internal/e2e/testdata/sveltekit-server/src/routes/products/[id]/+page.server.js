// Rendered on demand: any id, from a database.
export function load({ params }) {
  return { id: params.id };
}
