import ships from '../../../data/ships.json';

export const dynamicParams = false;

export function generateStaticParams() {
  return ships.map((s) => ({ id: s.id }));
}

export default async function Ship({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ship = ships.find((s) => s.id === id)!;
  return (
    <article>
      <h1>{ship.name}</h1>
      <p>Built in {ship.built}.</p>
    </article>
  );
}
