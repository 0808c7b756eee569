export default function Page() { return <h1>Home</h1>; }
