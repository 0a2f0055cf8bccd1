import { projectLimits, type RelationshipId } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { StarRating } from '@/components/ui/star-rating';
import { TagInput } from '@/components/ui/tag-input';
import { projectKeys } from '@/features/projects/api/base';
import { getRelationships, updateRating, updateRelationship, updateTags, type OutreachSubject } from '@/features/projects/api/outreach';
import { useOutreachChange } from './use-outreach-change';

const subjectNoun = (subject: OutreachSubject) => (subject.kind === 'website' ? 'website' : 'link');

// Each editor shows the user's choice while it is saved ('pending'); once the panel's queries have refreshed (or the
// call failed, which puts the saved value back) the server's value shows again.

/** Stars (3 by default, docs/product/projects.md §9), clickable: Ratings/UpdateDomain or UpdateUrl. */
export function RatingEditor({ subject, rating }: { subject: OutreachSubject; rating: number }) {
  const run = useOutreachChange();
  const [pending, setPending] = useState<number | null>(null);
  return (
    <StarRating
      label={`Rating of this ${subjectNoun(subject)}`}
      value={pending ?? rating}
      max={projectLimits.stars}
      onChange={(value) => {
        setPending(value);
        void run(() => updateRating(subject, value)).then(() => setPending(null));
      }}
    />
  );
}

/** The relationship, chosen from Relationships/GetRelationships; saved by UpdateDomain or UpdateUrl. */
export function RelationshipEditor({ subject, relationship }: { subject: OutreachSubject; relationship: RelationshipId }) {
  const run = useOutreachChange();
  const choices = useQuery({ queryKey: [...projectKeys.all, 'relationships'], queryFn: getRelationships, staleTime: Infinity });
  const [pending, setPending] = useState<RelationshipId | null>(null);
  const id = useId();
  return (
    <div className="field msf-field--inline">
      <label htmlFor={id}>Relationship</label>
      <select
        id={id}
        value={pending ?? relationship}
        disabled={!choices.data}
        onChange={(event) => {
          const next = event.target.value as RelationshipId;
          setPending(next);
          void run(() => updateRelationship(subject, next)).then(() => setPending(null));
        }}
      >
        {(choices.data ?? [{ relationshipId: relationship, name: relationship }]).map((choice) => (
          <option key={choice.relationshipId} value={choice.relationshipId}>
            {choice.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Tags with the tag input's rules (docs/product/projects.md §5): trimmed, blanks ignored, a repeat (ignoring case) refused and the tag
 * already there flashed for 800 ms. Every accepted change saves the whole list (Tags/UpdateTags).
 */
export function TagsEditor({ subject, tags }: { subject: OutreachSubject; tags: string[] }) {
  const run = useOutreachChange();
  const [pending, setPending] = useState<string[] | null>(null);
  return (
    <TagInput
      label="Tags"
      tags={pending ?? tags}
      placeholder="Add a tag and press Enter"
      hint={`At most ${projectLimits.maxTags} tags of ${projectLimits.maxTagLength} characters.`}
      onChange={(next) => {
        setPending(next);
        void run(() => updateTags(subject, next)).then(() => setPending(null));
      }}
    />
  );
}

/** A website's or link's rating and relationship side by side, then its tags (website-details, link-details). */
export function OutreachAttributes({ subject, rating, relationship, tags }: { subject: OutreachSubject; rating: number; relationship: RelationshipId; tags: string[] }) {
  return (
    <>
      <div className="msf-attributes">
        <RatingEditor subject={subject} rating={rating} />
        <RelationshipEditor subject={subject} relationship={relationship} />
      </div>
      <TagsEditor subject={subject} tags={tags} />
    </>
  );
}
