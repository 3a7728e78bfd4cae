-- Migration number: 0005
-- Issue 12 §3: results saved by vetscore-1.0 showed the criminal flag (verifiedCriminalRisk
-- and a factor line). Criminal history is never disclosed in the first step: the flag moves to
-- the private criminal_finding column, the result shows `review`, and the criminal factor
-- lines go. (Their recommendation, which a criminal flag could send to review in v1, is kept
-- as it was given; POST /api/screenings/{id}/rescore cannot apply to them, see docs.)
UPDATE screenings
   SET criminal_finding = COALESCE(criminal_finding, json_extract(result_json, '$.verifiedCriminalRisk')),
       result_json = json_set(
         result_json,
         '$.verifiedCriminalRisk', 'review',
         '$.factors', (SELECT json_group_array(f.value) FROM json_each(screenings.result_json, '$.factors') AS f
                        WHERE f.value NOT LIKE 'Criminal record flag%' AND f.value NOT LIKE 'No criminal record flag%'))
 WHERE scoring_version = 'vetscore-1.0' AND json_valid(result_json) AND json_type(result_json, '$.factors') = 'array';
