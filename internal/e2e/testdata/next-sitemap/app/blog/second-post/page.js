export default function Page() { return <h1>Second</h1>; }
