export default function Page() { return <h1>Private, listed</h1>; }
