export const metadata = { robots: { index: false } };
export default function Page() { return <h1>Not for search engines</h1>; }
