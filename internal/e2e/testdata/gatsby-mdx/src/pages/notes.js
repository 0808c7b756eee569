import * as React from 'react';
import { graphql, Link } from 'gatsby';

// The notes, the newest first: a page of src/pages that lists them.
export default function Notes({ data }) {
  return (
    <main>
      <h1>Notes</h1>
      <ul>
        {data.allMdx.nodes.map((note) => (
          <li key={note.frontmatter.slug}>
            <Link to={`/notes/${note.frontmatter.slug}`}>{note.frontmatter.title}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

export const Head = () => <title>Notes</title>;

export const query = graphql`
  {
    allMdx(
      filter: { internal: { contentFilePath: { regex: "/content/notes/" } } }
      sort: { frontmatter: { date: DESC } }
    ) {
      nodes {
        frontmatter {
          title
          slug
        }
      }
    }
  }
`;
