/** The rules dialog's paragraphs for a game, already translated, in the order they are read. */
export function RuleNotes({ notes }: { notes: readonly string[] }) {
  return (
    <>
      {notes.map((note) => (
        <p key={note} className="slot-paytable__note">
          {note}
        </p>
      ))}
    </>
  );
}
