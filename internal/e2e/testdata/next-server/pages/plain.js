export default function Plain() { return <h1>A page with no data</h1>; }
