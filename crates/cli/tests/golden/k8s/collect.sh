#!/bin/sh
# Collects the 2 parts of Job barrage-load and merges them (written by barrage k8s render).
set -eu
out=${1:-results}
mkdir -p "$out"
kubectl -n bench wait --for=condition=complete --timeout=-1s job/barrage-load
i=0
while [ "$i" -lt 2 ]; do
  pod=$(kubectl -n bench get pods -l job-name=barrage-load,batch.kubernetes.io/job-completion-index="$i" -o jsonpath='{.items[0].metadata.name}')
  kubectl -n bench logs "$pod" > "$out/part-$i.json"
  i=$((i + 1))
done
barrage merge "$out"/part-*.json --json "$out/merged.json"
