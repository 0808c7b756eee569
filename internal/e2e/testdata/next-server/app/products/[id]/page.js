// No generateStaticParams: every product is rendered on demand.
export default async function Page({ params }) {
  const { id } = await params;
  return <h1>Product {id}</h1>;
}
