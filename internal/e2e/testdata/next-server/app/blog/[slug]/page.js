// Prerendered for the slugs generateStaticParams gives; any other slug is
// rendered on demand (dynamicParams defaults to true).
export function generateStaticParams() {
  return [{ slug: 'hello-world' }, { slug: 'second-post' }];
}
export default async function Page({ params }) {
  const { slug } = await params;
  return <h1>Post {slug}</h1>;
}
