export default function Home() {
  return <p>A logbook of a lighthouse keeper, in posts and notes.</p>;
}
