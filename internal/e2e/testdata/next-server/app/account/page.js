import { headers } from 'next/headers';
// Reads the request: rendered on every request, never prerendered.
export default async function Page() {
  const h = await headers();
  return <h1>Account for {h.get('user-agent')}</h1>;
}
