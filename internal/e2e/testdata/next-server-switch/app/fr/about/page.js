export default function Page() { return <h1>À propos</h1>; }
