// @ts-check
// Stop: reads the (Claude-shaped) transcript; blocks when code was edited and no test run followed.
import fs from 'node:fs';
let s = '';
process.stdin
  .on('data', (d) => (s += d))
  .on('end', () => {
    const { transcript_path: file } = JSON.parse(s);
    let edited = false;
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.includes('"type":"assistant"')) continue;
      for (const block of JSON.parse(line).message?.content ?? []) {
        if (block.type !== 'tool_use') continue;
        if (block.name === 'Edit' || block.name === 'Write') edited = true;
        if (block.name === 'Bash' && /npm test|vitest/.test(block.input?.command ?? '')) edited = false;
      }
    }
    if (edited)
      console.log(
        JSON.stringify({
          decision: 'block',
          reason: 'You edited code but did not run the tests. Run npm test and report the result.',
        }),
      );
  });
